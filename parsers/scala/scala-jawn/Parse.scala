// Reads all of stdin, parses it with jawn's json4s support, jawn.support.json4s.Parser.parseFromString (default
// settings) into a json4s JValue. parseFromString returns a Try: its Failure and any Throwable thrown around it
// (including StackOverflowError) print "<Type>: <message>" to stderr, exit 1.
// Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
// Runtime.halt(0), the value still referenced; `free` drops the reference and runs System.gc(), then
// halt(0); `serialize` writes it back with json4s's own printer, org.json4s.native.JsonMethods
// compact(render(value)) (json4s-native, same package as the AST; anything thrown is exit 1), then
// halt(0). Without it: as before (the result discarded, sys.exit(0)). Unknown: exit 2.
import java.nio.charset.StandardCharsets
import scala.util.{Failure, Success}

object Parse {
  private def fail(t: Throwable): Nothing = {
    val msg = (t.getClass.getName + ": " + t.getMessage).replaceAll("\\s+", " ").trim
    System.err.println(if (msg.length > 200) msg.substring(0, 200) else msg)
    sys.exit(1)
  }

  def main(args: Array[String]): Unit = {
    if (args.length > 0) phase(args(args.length - 1))
    val text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
    val result =
      try jawn.support.json4s.Parser.parseFromString(text)
      catch { case t: Throwable => fail(t) }
    result match {
      case Success(_) => sys.exit(0)
      case Failure(t) => fail(t)
    }
  }

  // The phases (parsers/README.md, "Phases"), apart from main so that main's frame, which sits under the
  // parse without a phase, is as before.
  private def phase(phase: String): Unit = {
    if (phase != "parse" && phase != "free" && phase != "serialize") {
      System.err.println("unknown phase: " + phase + " (parse, free or serialize)")
      sys.exit(2)
    }
    val text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
    var value = parsed(text)
    if (phase == "free") {
      value = null
      System.gc()
    } else if (phase == "serialize") {
      try {
        val out = org.json4s.native.JsonMethods.compact(org.json4s.native.JsonMethods.render(value))
      } catch { case t: Throwable => fail(t) }
    }
    Runtime.getRuntime.halt(0)
  }

  // The parse as main does it, returning the value (the Try is gone with this frame, so `free` drops the
  // last reference).
  private def parsed(text: String): org.json4s.JValue = {
    val result =
      try jawn.support.json4s.Parser.parseFromString(text)
      catch { case t: Throwable => fail(t) }
    result match {
      case Success(v) => v
      case Failure(t) => fail(t)
    }
  }
}
