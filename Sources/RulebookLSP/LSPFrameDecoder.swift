import Foundation
import RulebookCore

/// The Language Server Protocol's base framing: each message is a header block
/// (`Content-Length: N`, optionally `Content-Type`, each line ending in `\r\n`) and an empty
/// line, then `N` bytes of JSON. Fed the bytes of standard input as they come, it hands back
/// whole messages. Written by hand: no library on this machine's list frames LSP, and the
/// framing is these few lines.
struct LSPFrameDecoder {
    /// The largest message body accepted: an editor's buffer of the largest Swift file a
    /// validator reads, with room for JSON escaping.
    static let maximumBodyBytes = 64 * 1024 * 1024
    /// The largest header block: a few short lines.
    static let maximumHeaderBytes = 4096

    private var buffer = Data()

    /// Appends `bytes` and returns the messages now complete, in order; throws RB102 when the
    /// stream is not LSP framing (the stream cannot be resynchronised after that).
    mutating func feed(_ bytes: Data) throws(RulebookError) -> [Data] {
        buffer.append(bytes)
        var messages: [Data] = []
        while let message = try next() { messages.append(message) }
        return messages
    }

    private mutating func next() throws(RulebookError) -> Data? {
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else {
            if buffer.count > Self.maximumHeaderBytes { throw Self.malformed("a header block longer than \(Self.maximumHeaderBytes) bytes") }
            return nil
        }
        guard let header = String(data: buffer[buffer.startIndex..<end.lowerBound], encoding: .utf8) else {
            throw Self.malformed("a header that is not UTF-8")
        }
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else { throw Self.malformed("a header line without a colon") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let parsed = Int(value), parsed >= 0 else { throw Self.malformed("Content-Length '\(value)' is not a byte count") }
                length = parsed
            }
        }
        guard let length else { throw Self.malformed("a header block without Content-Length") }
        guard length <= Self.maximumBodyBytes else {
            throw Self.malformed("a message of \(length) bytes, over the \(Self.maximumBodyBytes)-byte limit")
        }
        let bodyStart = end.upperBound
        guard buffer.distance(from: bodyStart, to: buffer.endIndex) >= length else { return nil }
        let bodyEnd = buffer.index(bodyStart, offsetBy: length)
        let body = Data(buffer[bodyStart..<bodyEnd])
        buffer = Data(buffer[bodyEnd...])
        return body
    }

    private static func malformed(_ what: String) -> RulebookError {
        .unreadableInput(path: "standard input", reason: "not LSP framing: \(what)")
    }

    /// `body` framed for sending.
    static func frame(_ body: Data) -> Data {
        Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
