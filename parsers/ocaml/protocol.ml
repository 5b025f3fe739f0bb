(* The protocol helper of the OCaml rows (parsers/README.md, "The protocol helper"): input, the error
   line, the phases' checkpoints and the exit statuses. Compiled into each program as the module
   Protocol (the build copies ../protocol.ml beside parse.ml and links it first). A program calls its
   library itself, in its own top-level code, at the stack depth it always had; these functions run
   before the parse (input) or after it (the checkpoints and exits). *)

(* The phase argument, once checked; None without one. *)
let phase = ref None

let read_all ic =
  let buf = Buffer.create 65536 and chunk = Bytes.create 65536 in
  let rec loop () =
    let n = input ic chunk 0 65536 in
    if n > 0 then (Buffer.add_subbytes buf chunk 0 n; loop ())
  in
  loop ();
  Buffer.contents buf

(* Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin. *)
let input () =
  let n = Array.length Sys.argv in
  if n > 1 then begin
    let given = Sys.argv.(n - 1) in
    (match given with
     | "parse" | "free" | "serialize" -> ()
     | p ->
       prerr_endline ("unknown phase: " ^ p ^ " (parse, free or serialize)");
       exit 2);
    phase := Some given
  end;
  set_binary_mode_in stdin true;
  read_all stdin

(* Whether a phase was given (a program that keeps the value only then asks). *)
let phased () = !phase <> None

(* The error line "<kind>: <message>" (newlines folded, the message cut at 200 characters), exit 1. *)
let fail kind msg =
  let msg = String.map (fun c -> if c = '\n' then ' ' else c) msg in
  let msg = if String.length msg > 200 then String.sub msg 0 200 else msg in
  prerr_endline (kind ^ ": " ^ msg);
  exit 1

(* A caught exception (Stack_overflow included) as the error line, exit 1. *)
let error e = fail (Printexc.exn_slot_name e) (Printexc.to_string e)

(* In phase `parse`: exit 0 at once (OCaml frees nothing at exit). *)
let parsed () = if !phase = Some "parse" then exit 0

(* The serialize guard: whether the program calls its serializer now (phase `serialize`), from its own
   code (a function handed back would wrap the serializer's optional arguments in a closure of its own). *)
let serializing () = !phase = Some "serialize"

(* In phase `serialize`: exit 0 at once. *)
let serialized () = if !phase = Some "serialize" then exit 0

(* In phase `free` (the value dropped): Gc.full_major (), then exit 0. Without a phase: returns, and the
   program ends as it always did. *)
let finished () =
  match !phase with
  | None -> ()
  | Some _ -> Gc.full_major (); exit 0
