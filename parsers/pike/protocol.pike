// The protocol helper of the Pike rows (parsers/README.md, "The protocol helper"): input, the error line,
// the phases' checkpoints and the exit statuses. A program compiles it at start from its own folder's
// parent, through the folder's resolved path (Pike's #include and combine_path fold ".." away before a
// link is followed, and on the host the program's folder is a link):
//   object np = compile_file(combine_path(System.resolvepath(__FILE__), "../../protocol.pike"))();
// and calls its library itself, in its own catch in main, at the stack depth it always had; these
// functions run before the parse (input) or after it (the checkpoints and exits).

string phase;  // the phase argument, once checked; 0 without one

// Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin.
string input(array(string) argv)
{
  if (sizeof(argv) > 1) {
    string given = argv[-1];
    if (!has_value(({"parse", "free", "serialize"}), given)) {
      werror("unknown phase: %s (parse, free or serialize)\n", given);
      exit(2);
    }
    phase = given;
  }
  return Stdio.stdin->read();
}

// The error line "<kind>: <message>" (whitespace folded, the message cut at 200 characters), exit 1.
void fail(string kind, string msg)
{
  msg = (replace(msg, ({"\n", "\t"}), ({" ", " "})) / " " - ({""})) * " ";
  werror("%s: %s\n", kind, msg[..199]);
  exit(1);
}

// A thrown error the program's catch caught: its class (or "error") and message.
void error(mixed err)
{
  string name = objectp(err) ? sprintf("%O", object_program(err)) : "error";
  fail(name, (arrayp(err) || objectp(err)) ? (string)err[0] : sprintf("%O", err));
}

// In phase `parse`: exit 0 at once.
void parsed()
{
  if (phase == "parse") exit(0);
}

// The serialize guard: the serializer in phase `serialize`, a no-op otherwise.
function serializer(function f)
{
  return phase == "serialize" ? f : lambda(mixed ... args) { return 0; };
}

// In phase `serialize`: exit 0 at once.
void serialized()
{
  if (phase == "serialize") exit(0);
}

// The end: in phase `free`, gc(); with or without a phase, exit 0 (main returned 0 before the helper).
void finished()
{
  if (phase == "free") gc();
  exit(0);
}
