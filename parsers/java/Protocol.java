// The protocol helper of the Java rows (parsers/README.md, "The protocol helper"): input, the error line,
// the phases' checkpoints and the exit statuses. Compiled with each program (`javac … Parse.java
// ../Protocol.java`), so Protocol.class lands in the program's build folder, on its class path.
// A program calls its library itself, from main (or its own phase method), at the stack depth it always
// had; these methods run before the parse (input) or after it (the checkpoints and exits).
import java.io.IOException;

public final class Protocol {
    /** The phase argument, once checked; null without one. */
    private static String phase;

    private Protocol() {
    }

    /** Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin. */
    public static byte[] input(String[] args) throws IOException {
        if (args.length > 0) {
            String given = args[args.length - 1];
            if (!given.equals("parse") && !given.equals("free") && !given.equals("serialize")) {
                System.err.println("unknown phase: " + given + " (parse, free or serialize)");
                System.exit(2);
            }
            phase = given;
        }
        return System.in.readAllBytes();
    }

    /**
     * A language's program (regex, SQL, a query language, code): checks the phase argument, `compile` or `run`
     * (unknown: one stderr line, exit 2), then reads all of stdin as UTF-8 text.
     */
    public static String languageInput(String[] args) throws IOException {
        if (args.length > 0) {
            String given = args[args.length - 1];
            if (!given.equals("compile") && !given.equals("run")) {
                System.err.println("unknown phase: " + given + " (compile or run)");
                System.exit(2);
            }
            phase = given;
        }
        return new String(System.in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** In phase `compile`: exit 0 at once (the pattern, query or program compiled; Runtime.halt). */
    public static void compiled() {
        if ("compile".equals(phase)) {
            Runtime.getRuntime().halt(0);
        }
    }

    /**
     * The run guard: whether the program runs what it compiled now (phase `run`: match the subject `a`, run
     * the query, evaluate), in its own code: `if (Protocol.running()) …`.
     */
    public static boolean running() {
        return "run".equals(phase);
    }

    /** Whether a phase was given (a program whose phases run in a method of their own asks). */
    public static boolean phased() {
        return phase != null;
    }

    /** The error line `<kind>: <message>` (whitespace folded, cut at 200 characters), exit 1. */
    public static void fail(String kind, String message) {
        String msg = (kind + ": " + message).replaceAll("\\s+", " ").trim();
        System.err.println(msg.length() > 200 ? msg.substring(0, 200) : msg);
        System.exit(1);
    }

    /** A caught Throwable (StackOverflowError included) as the error line, exit 1. */
    public static void error(Throwable t) {
        fail(t.getClass().getName(), t.getMessage());
    }

    /** In phase `parse`: exit 0 at once (Runtime.halt: no shutdown hooks, no collection). */
    public static void parsed() {
        if ("parse".equals(phase)) {
            Runtime.getRuntime().halt(0);
        }
    }

    /**
     * The serialize guard: whether the program calls its serializer now (phase `serialize`). Java has no
     * way to hand back the serializer itself without a lambda frame under it, so the program asks and
     * calls it from its own code.
     */
    public static boolean serializing() {
        return "serialize".equals(phase);
    }

    /** In phase `serialize`: exit 0 at once. */
    public static void serialized() {
        if ("serialize".equals(phase)) {
            Runtime.getRuntime().halt(0);
        }
    }

    /** In phase `free` (the value dropped): System.gc(), then halt(0). Without a phase: System.exit(0). */
    public static void finished() {
        if (phase == null) {
            System.exit(0);
        }
        System.gc();
        Runtime.getRuntime().halt(0);
    }
}
