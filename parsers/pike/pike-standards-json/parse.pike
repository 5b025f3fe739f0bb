// nestprobe parser program: reads all of stdin, then Standards.JSON.decode (Pike's C JSON decoder, default
// flags). catch {} catches every thrown error (Standards.JSON.DecodeError, "C stack overflow", ...) -> one line
// "<error class>: <message>" on stderr, exit 1.
int main()
{
  string text = Stdio.stdin->read();
  mixed err = catch {
    Standards.JSON.decode(text);
  };
  if (!err) return 0;
  string name = objectp(err) ? sprintf("%O", object_program(err)) : "error";
  string msg = (arrayp(err) || objectp(err)) ? (string)err[0] : sprintf("%O", err);
  msg = (replace(msg, ({"\n", "\t"}), ({" ", " "})) / " " - ({""})) * " ";
  werror("%s: %s\n", name, msg[..199]);
  return 1;
}
