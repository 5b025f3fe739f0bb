(* Reads all of stdin, then Yojson.Safe.from_string (defaults) into a Yojson.Safe.t.
   Catches every exception with `try ... with e` (exit 1), which in native OCaml on
   Linux includes Stack_overflow; a fatal signal would happen as it would. *)
let read_all ic =
  let buf = Buffer.create 65536 and chunk = Bytes.create 65536 in
  let rec loop () =
    let n = input ic chunk 0 65536 in
    if n > 0 then (Buffer.add_subbytes buf chunk 0 n; loop ())
  in
  loop ();
  Buffer.contents buf

let () =
  set_binary_mode_in stdin true;
  let data = read_all stdin in
  try ignore (Yojson.Safe.from_string data : Yojson.Safe.t) with e ->
    let msg = match e with Yojson.Json_error m -> m | e -> Printexc.to_string e in
    let msg = String.map (fun c -> if c = '\n' then ' ' else c) msg in
    let msg = if String.length msg > 200 then String.sub msg 0 200 else msg in
    prerr_endline (Printexc.exn_slot_name e ^ ": " ^ msg);
    exit 1
