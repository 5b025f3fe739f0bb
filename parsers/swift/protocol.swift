// The nestprobe protocol for the Swift programs (parsers/README.md, "The protocol helper"): the phase
// argument, stdin, the error line and exit statuses. A program's build compiles it beside the program's
// main.swift (`swiftc … main.swift ../protocol.swift`; in Debian 13's root the language folder's files are
// copied beside the program's folder, so ../protocol.swift is there too). The Swift programs take no phase.
// The program calls its library from its own top-level code, inside its own do/catch, so that nothing of
// the helper sits under the parse.
import Foundation

enum Protocol {
    /// Reads the phase argument (the Swift programs take none: any argument is one stderr line and exit 2,
    /// before stdin is read), then all of stdin.
    static func input() -> Data {
        let args = CommandLine.arguments
        if args.count > 1 {
            FileHandle.standardError.write("unknown phase: \(args[args.count - 1]) (the program takes none)\n".data(using: .utf8)!)
            exit(2)
        }
        do {
            return try FileHandle.standardInput.readToEnd() ?? Data()
        } catch {
            Protocol.error(error)
        }
    }

    /// Prints "<kind>: <message>" on one line of stderr (newlines folded, the message cut at 200 characters)
    /// and exits 1: the library's clean error.
    static func fail(_ kind: String, _ message: String) -> Never {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write((kind + ": " + String(line.prefix(200)) + "\n").data(using: .utf8)!)
        exit(1)
    }

    /// A caught error: "<Type>: <message>" (a DecodingError with its case and context), exit 1.
    static func error(_ error: Error) -> Never {
        fail("\(type(of: error))", describe(error))
    }

    /// The program's end without a phase: exit 0.
    static func finished() -> Never {
        exit(0)
    }

    private static func describe(_ error: Error) -> String {
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
}
