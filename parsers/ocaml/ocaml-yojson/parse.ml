(* Reads all of stdin, then Yojson.Safe.from_string (defaults) into a Yojson.Safe.t.
   Catches every exception with `try ... with e` (exit 1), which in native OCaml on
   Linux includes Stack_overflow; a fatal signal would happen as it would.
   Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with `exit 0`
   (OCaml frees nothing at exit); `free` drops the value and runs Gc.full_major (), then exits;
   `serialize` writes it back with Yojson.Safe.to_string (an exception is exit 1), then exits.
   Without it: as before. An unknown phase: exit 2. *)
let read_all ic =
  let buf = Buffer.create 65536 and chunk = Bytes.create 65536 in
  let rec loop () =
    let n = input ic chunk 0 65536 in
    if n > 0 then (Buffer.add_subbytes buf chunk 0 n; loop ())
  in
  loop ();
  Buffer.contents buf

let phase =
  let n = Array.length Sys.argv in
  if n > 1 then Some Sys.argv.(n - 1) else None

let () =
  (match phase with
   | None | Some ("parse" | "free" | "serialize") -> ()
   | Some p ->
     prerr_endline ("unknown phase: " ^ p ^ " (parse, free or serialize)");
     exit 2);
  set_binary_mode_in stdin true;
  let data = read_all stdin in
  try
    match phase with
    | None -> ignore (Yojson.Safe.from_string data : Yojson.Safe.t)
    | Some p ->
      let value = Yojson.Safe.from_string data in
      (match p with
       | "parse" -> exit 0
       | "free" -> Gc.full_major ()
       | _ -> ignore (Yojson.Safe.to_string value : string));
      exit 0
  with e ->
    let msg = match e with Yojson.Json_error m -> m | e -> Printexc.to_string e in
    let msg = String.map (fun c -> if c = '\n' then ' ' else c) msg in
    let msg = if String.length msg > 200 then String.sub msg 0 200 else msg in
    prerr_endline (Printexc.exn_slot_name e ^ ": " ^ msg);
    exit 1
