// Reads all of stdin, parses it with groovy.json.JsonSlurper.parseText (default settings: JsonParserType.CHAR_BUFFER)
// into Maps and Lists. Catches any Throwable (including StackOverflowError): prints "<Type>: <message>" to stderr,
// exits 1. Compiled with groovyc and run on the JVM with the Groovy jars.
import groovy.json.JsonSlurper
import java.nio.charset.StandardCharsets

class Parse {
    static void main(String[] args) {
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
}
