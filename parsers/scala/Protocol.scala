// The protocol helper of the Scala rows (parsers/README.md, "The protocol helper"): input, the error line,
// the phases' checkpoints and the exit statuses. Compiled with each program (`scalac … Parse.scala
// ../Protocol.scala`), so its classes land in the program's build folder, on its class path.
// A program calls its library itself, from main (or its own phase method), at the stack depth it always
// had; these methods run before the parse (input) or after it (the checkpoints and exits).
object Protocol {
  /** The phase argument, once checked; null without one. */
  private var phase: String = null

  /** Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin. */
  def input(args: Array[String]): Array[Byte] = {
    if (args.length > 0) {
      val given = args(args.length - 1)
      if (given != "parse" && given != "free" && given != "serialize") {
        System.err.println("unknown phase: " + given + " (parse, free or serialize)")
        sys.exit(2)
      }
      phase = given
    }
    System.in.readAllBytes()
  }

  /** Whether a phase was given (a program whose phases run in a method of their own asks). */
  def phased: Boolean = phase != null

  /** The error line `<kind>: <message>` (whitespace folded, cut at 200 characters), exit 1. */
  def fail(kind: String, message: String): Nothing = {
    val msg = (kind + ": " + message).replaceAll("\\s+", " ").trim
    System.err.println(if (msg.length > 200) msg.substring(0, 200) else msg)
    sys.exit(1)
  }

  /** A caught Throwable (StackOverflowError included) as the error line, exit 1. */
  def error(t: Throwable): Nothing = fail(t.getClass.getName, t.getMessage)

  /** In phase `parse`: exit 0 at once (Runtime.halt: no shutdown hooks, no collection). */
  def parsed(): Unit = if (phase == "parse") Runtime.getRuntime.halt(0)

  /** The serialize guard: whether the program calls its serializer now (phase `serialize`); a function
    * handed back would put a closure's frame under the serializer. */
  def serializing: Boolean = phase == "serialize"

  /** In phase `serialize`: exit 0 at once. */
  def serialized(): Unit = if (phase == "serialize") Runtime.getRuntime.halt(0)

  /** In phase `free` (the value dropped): System.gc(), then halt(0). Without a phase: sys.exit(0). */
  def finished(): Nothing = {
    if (phase == null) sys.exit(0)
    System.gc()
    Runtime.getRuntime.halt(0)
    sys.exit(0)
  }
}
