// Reads all of stdin, parses it with jawn's json4s support, jawn.support.json4s.Parser.parseFromString (default
// settings) into a json4s JValue. parseFromString returns a Try: its Failure and any Throwable thrown around it
// (including StackOverflowError) print "<Type>: <message>" to stderr, exit 1.
import java.nio.charset.StandardCharsets
import scala.util.{Failure, Success}

object Parse {
  private def fail(t: Throwable): Nothing = {
    val msg = (t.getClass.getName + ": " + t.getMessage).replaceAll("\\s+", " ").trim
    System.err.println(if (msg.length > 200) msg.substring(0, 200) else msg)
    sys.exit(1)
  }

  def main(args: Array[String]): Unit = {
    val text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
    val result =
      try jawn.support.json4s.Parser.parseFromString(text)
      catch { case t: Throwable => fail(t) }
    result match {
      case Success(_) => sys.exit(0)
      case Failure(t) => fail(t)
    }
  }
}
