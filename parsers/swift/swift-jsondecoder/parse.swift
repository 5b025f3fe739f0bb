// Reads all of stdin, then decodes it with Foundation's JSONDecoder (default settings) into JSONValue, a
// plain Decodable enum for any JSON value, so JSONDecoder itself parses and walks the whole document.
// Any thrown error is caught: "<Type>: <message>" on one stderr line, exit 1. Crashes are left alone.
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

func describe(_ error: Error) -> String {
    guard let e = error as? DecodingError else { return "\(error)" }
    func ctx(_ kind: String, _ c: DecodingError.Context) -> String {
        kind + ": " + c.debugDescription + (c.underlyingError.map { " (\($0))" } ?? "")
    }
    switch e {
    case .dataCorrupted(let c): return ctx("dataCorrupted", c)
    case .keyNotFound(_, let c): return ctx("keyNotFound", c)
    case .typeMismatch(_, let c): return ctx("typeMismatch", c)
    case .valueNotFound(_, let c): return ctx("valueNotFound", c)
    @unknown default: return "\(e)"
    }
}

do {
    let data = try FileHandle.standardInput.readToEnd() ?? Data()
    _ = try JSONDecoder().decode(JSONValue.self, from: data)
    exit(0)
} catch {
    let line = "\(type(of: error)): \(describe(error))".split(whereSeparator: \.isNewline).joined(separator: " ")
    FileHandle.standardError.write((String(line.prefix(200)) + "\n").data(using: .utf8)!)
    exit(1)
}
