import Foundation

/// A linear scan of valid JSON text for an object that holds the same key twice. Parsers
/// disagree on which one counts (`JSONSerialization` keeps the last, `JSONDecoder` the
/// first), so such a message would mean one thing to the attribute checks and another to
/// the typed decoding: a `type` checked as `run.opened` but decoded as something else.
enum JSONDuplicateKeys {
    struct Duplicate: Equatable {
        /// The repeated key, unescaped.
        var key: String
        /// JSON pointer of the object holding it (`/` for the top level).
        var pointer: String
    }

    private struct Container {
        let isObject: Bool
        var keys: Set<String> = []
        /// The key whose value is being read (objects) or the element index (arrays).
        var key: String?
        var index = 0
        var expectsKey: Bool
    }

    static func first(in bytes: [UInt8]) -> Duplicate? {
        var stack: [Container] = []
        var position = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "{"): stack.append(Container(isObject: true, expectsKey: true))
            case UInt8(ascii: "["): stack.append(Container(isObject: false, expectsKey: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast()
            case UInt8(ascii: ","):
                guard !stack.isEmpty else { break }
                if stack[stack.count - 1].isObject { stack[stack.count - 1].expectsKey = true } else { stack[stack.count - 1].index += 1 }
            case UInt8(ascii: "\""):
                let start = position + 1
                var end = start
                var escaped = false
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == UInt8(ascii: "\\") {
                        escaped = true
                        end += 1
                    }
                    end += 1
                }
                end = min(end, bytes.count)
                if let top = stack.last, top.isObject, top.expectsKey {
                    let key = Self.key(bytes[start..<end], escaped: escaped)
                    if stack[stack.count - 1].keys.insert(key).inserted == false {
                        return Duplicate(key: key, pointer: pointer(stack.dropLast()))
                    }
                    stack[stack.count - 1].key = key
                    stack[stack.count - 1].expectsKey = false
                }
                position = end
            default: break
            }
            position += 1
        }
        return nil
    }

    /// The key's text as the parser reads it (escapes resolved).
    private static func key(_ raw: ArraySlice<UInt8>, escaped: Bool) -> String {
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
        return (try? JSONSerialization.jsonObject(with: quoted, options: [.fragmentsAllowed])) as? String
            ?? String(decoding: raw, as: UTF8.self)
    }

    private static func pointer(_ containers: ArraySlice<Container>) -> String {
        let components = containers.map { container in
            container.isObject
                ? (container.key ?? "").replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                : String(container.index)
        }
        return "/" + components.joined(separator: "/")
    }
}
