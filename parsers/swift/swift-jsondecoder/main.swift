// nestprobe parser program: decodes stdin with Foundation's JSONDecoder (default settings) into JSONValue, a
// plain Decodable enum for any JSON value, so JSONDecoder itself parses and walks the whole document; from
// the top-level code, where any thrown error is caught (exit 1). Crashes are left alone. The protocol (input,
// error line, exit statuses) is ../protocol.swift's (this file is main.swift: with a second source file,
// top-level code is only allowed there).
import Foundation

enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        if let obj = try? decoder.container(keyedBy: Key.self) {
            var members = [String: JSONValue]()
            for key in obj.allKeys { members[key.stringValue] = try obj.decode(JSONValue.self, forKey: key) }
            self = .object(members)
        } else if var arr = try? decoder.unkeyedContainer() {
            var items = [JSONValue]()
            while !arr.isAtEnd { items.append(try arr.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            // Try each scalar type in turn; only a type mismatch moves on, any other error propagates.
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null; return }
            do { self = .bool(try c.decode(Bool.self)) } catch DecodingError.typeMismatch {
                do { self = .string(try c.decode(String.self)) } catch DecodingError.typeMismatch {
                    self = .number(try c.decode(Double.self))
                }
            }
        }
    }
}

let data = Protocol.input()
do {
    _ = try JSONDecoder().decode(JSONValue.self, from: data)
} catch {
    Protocol.error(error)
}
Protocol.finished()
