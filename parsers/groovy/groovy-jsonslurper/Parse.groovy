// Reads all of stdin, parses it with groovy.json.JsonSlurper.parseText (default settings: JsonParserType.CHAR_BUFFER)
// into Maps and Lists. Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr,
// exits 1. Compiled with groovyc and run on the JVM with the Groovy jars.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// Runtime.halt(0), the value still referenced; `free` drops the reference and runs System.gc(), then
// halt(0); `serialize` writes it back with groovy.json.JsonOutput.toJson (anything thrown is exit 1), then
// halt(0). Without it: as before (the result discarded, System.exit(0)). Unknown: exit 2.
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import java.nio.charset.StandardCharsets

class Parse {
    static void main(String[] args) {
        if (args.length > 0) {
            phase(args[args.length - 1])
        }
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
        try {
            new JsonSlurper().parseText(text)
        } catch (Throwable t) {
            String msg = (t.getClass().getName() + ": " + t.getMessage()).replaceAll("\\s+", " ").trim()
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg)
            System.exit(1)
        }
        System.exit(0)
    }

    // The phases (parsers/README.md, "Phases"), apart from main so that main's frame, which sits under the
    // parse without a phase, is as before.
    static void phase(String phase) {
        if (phase != "parse" && phase != "free" && phase != "serialize") {
            System.err.println("unknown phase: " + phase + " (parse, free or serialize)")
            System.exit(2)
        }
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
        try {
            Object value = new JsonSlurper().parseText(text)
            if (phase == "free") {
                value = null
                System.gc()
            } else if (phase == "serialize") {
                String out = JsonOutput.toJson(value)
            }
        } catch (Throwable t) {
            String msg = (t.getClass().getName() + ": " + t.getMessage()).replaceAll("\\s+", " ").trim()
            System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg)
            System.exit(1)
        }
        Runtime.getRuntime().halt(0)
    }
}
