// Parses all of stdin with jawn's json4s support, jawn.support.json4s.Parser.parseFromString (default
// settings) into a json4s JValue; its Failure and anything thrown around it (StackOverflowError included)
// go to Protocol.error: one stderr line, exit 1. With a phase the parse runs in parsed(), under phase(),
// methods of their own (main's frame, under the parse without one, is as before; the Try goes with
// parsed's frame); serialize is json4s-native's compact(render(value)). Input, phases, exits: ../Protocol.scala.
import java.nio.charset.StandardCharsets
import scala.util.{Failure, Success}

object Parse {
  def main(args: Array[String]): Unit = {
    val text = new String(Protocol.input(args), StandardCharsets.UTF_8)
    if (Protocol.phased) phase(text)
    val result =
      try jawn.support.json4s.Parser.parseFromString(text)
      catch { case t: Throwable => Protocol.error(t) }
    result match {
      case Success(_) => Protocol.finished()
      case Failure(t) => Protocol.error(t)
    }
  }

  // The phases (parsers/README.md, "Phases"): the same parse, the value kept.
  private def phase(text: String): Unit = {
    // Six slots the frame under the serializer had before the helper (its phase-name comparisons'
    // temporaries; javap: 11 locals): the StackOverflowError depth of `serialize` counts them.
    val pad1, pad2, pad3 = 0L
    var value = parsed(text)
    Protocol.parsed()
    if (Protocol.serializing) {
      try {
        val out = org.json4s.native.JsonMethods.compact(org.json4s.native.JsonMethods.render(value))
      } catch { case t: Throwable => Protocol.error(t) }
    }
    Protocol.serialized()
    value = null
    Protocol.finished()
  }

  // The parse as main does it, returning the value (the Try is gone with this frame, so `free` drops the
  // last reference).
  private def parsed(text: String): org.json4s.JValue = {
    val result =
      try jawn.support.json4s.Parser.parseFromString(text)
      catch { case t: Throwable => Protocol.error(t) }
    result match {
      case Success(v) => v
      case Failure(t) => Protocol.error(t)
    }
  }
}
