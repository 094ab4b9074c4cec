// libyaml, as Yams builds it: Yams exports its `CYaml` module with no product of its own, so
// Package.swift cannot name it; it comes with (and is pinned by) the Yams product.
import CYaml

/// How many nodes a YAML document holds once its aliases are expanded, counted from
/// libyaml's events before any value is built.
///
/// An alias costs nothing to write and everything to build: a few hundred bytes of
/// anchors that each repeat the one before ("billion laughs") expand to billions of
/// values when Yams turns the document into Swift values, and hashing an alias used as a
/// mapping key walks the whole expansion. Counting first, with each anchor's expanded size
/// remembered, takes one pass over the events whatever the document expands to.
enum YAMLExpansion {
    /// The number of nodes in the expanded document, or `nil` as soon as it passes `limit`.
    /// A document libyaml cannot parse is counted up to the error; Yams reports the error.
    static func nodeCount(of text: String, limit: Int) -> Int? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return 0 }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var counter = Counter(limit: limit)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return counter.total }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return counter.total }
                guard counter.read(event) else { return nil }
            }
        }
    }

    /// The open collections and each anchor's expanded size.
    private struct Counter {
        let limit: Int
        var total = 0
        var open: [(anchor: String?, size: Int)] = []
        var anchors: [String: Int] = [:]

        /// Reads one event; false once the document has passed the limit.
        mutating func read(_ event: yaml_event_t) -> Bool {
            switch event.type {
            case YAML_SCALAR_EVENT:
                return close(size: 1, anchor: Self.text(event.data.scalar.anchor))
            case YAML_ALIAS_EVENT:
                let size = Self.text(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
                return close(size: size, anchor: nil)
            case YAML_SEQUENCE_START_EVENT:
                open.append((Self.text(event.data.sequence_start.anchor), 1))
            case YAML_MAPPING_START_EVENT:
                open.append((Self.text(event.data.mapping_start.anchor), 1))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let collection = open.popLast() else { return true }
                return close(size: collection.size, anchor: collection.anchor)
            default:
                break
            }
            return true
        }

        /// Adds a finished node of `size` to its parent (or the document).
        private mutating func close(size: Int, anchor: String?) -> Bool {
            if let anchor { anchors[anchor] = size }
            if open.isEmpty {
                total = total.addingReportingOverflow(size).partialValue
                return total >= 0 && total <= limit
            }
            let (sum, overflow) = open[open.count - 1].size.addingReportingOverflow(size)
            open[open.count - 1].size = sum
            return !overflow && sum <= limit
        }

        private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
