// Parses all of stdin with groovy.json.JsonSlurper.parseText (default settings: JsonParserType.CHAR_BUFFER)
// into Maps and Lists; anything thrown (StackOverflowError included) goes to Protocol.error: one stderr
// line, exit 1. Compiled with groovyc and run on the JVM with the Groovy jars. With a phase the parse runs
// in phase(), a method of its own (main's frame, under the parse without one, is as before); serialize is
// groovy.json.JsonOutput.toJson. Input, phases and exits: ../Protocol.groovy.
import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import java.nio.charset.StandardCharsets

class Parse {
    static void main(String[] args) {
        byte[] data = Protocol.input(args)
        if (Protocol.phased()) {
            phase(data)
        }
        String text = new String(data, StandardCharsets.UTF_8)
        try {
            new JsonSlurper().parseText(text)
        } catch (Throwable t) {
            Protocol.error(t)
        }
        Protocol.finished()
    }

    // The phases (parsers/README.md, "Phases"): the same parse, the value kept.
    static void phase(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8)
        try {
            Object value = new JsonSlurper().parseText(text)
            Protocol.parsed()
            if (Protocol.serializing()) {
                String out = JsonOutput.toJson(value)
            }
            Protocol.serialized()
            value = null
        } catch (Throwable t) {
            Protocol.error(t)
        }
        Protocol.finished()
    }
}
