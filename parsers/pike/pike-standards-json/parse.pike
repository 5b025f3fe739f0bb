// nestprobe parser program: Standards.JSON.decode (Pike's C JSON decoder, default flags) on all of stdin,
// in the program's own catch in main (Standards.JSON.DecodeError, "C stack overflow", ...) -> np->error:
// one stderr line, exit 1. Input and exits: ../protocol.pike.
int main(int argc, array(string) argv)
{
  object np = compile_file(combine_path(System.resolvepath(__FILE__), "../../protocol.pike"))();
  string text = np->input(argv);
  mixed err = catch {
    Standards.JSON.decode(text);
  };
  if (err) np->error(err);
  np->finished();
}
