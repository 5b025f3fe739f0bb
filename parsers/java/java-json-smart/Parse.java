// One program for the Java JSON libraries whose entry point takes the text and returns a tree, and
// whose writer takes that tree back: json-smart, json-simple, noggit, Jettison, openjson, Jackson 1.9,
// Jackson databind, Gson. The library is a build flag: the row's build compiles this file with the
// library's own (`javac … Parse.java JsonSmart.java ../Protocol.java`), which defines the class
// `Library` with `read(String)` (the parse, default settings) and `write(Object)` (the serializer);
// its header says which calls. main calls Library.read, one frame between main and the library.
// Anything thrown (StackOverflowError included) goes to Protocol.error: one stderr line, exit 1.
// With a phase the parse runs in phase(), a method of its own, so that main's frame, which sits under the
// parse without one, is the same with every library. Input, phases and exits: ../Protocol.java.
import java.nio.charset.StandardCharsets;

public class Parse {
    public static void main(String[] args) throws Exception {
        byte[] data = Protocol.input(args);
        if (Protocol.phased()) {
            phase(data);
        }
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            Library.read(text);
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }

    // The phases (parsers/README.md, "Phases"): the same parse, the value kept.
    private static void phase(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            Object value = Library.read(text);
            Protocol.parsed();
            if (Protocol.serializing()) {
                String out = Library.write(value);
            }
            Protocol.serialized();
            value = null;
        } catch (Throwable t) {
            Protocol.error(t);
        }
        Protocol.finished();
    }
}
