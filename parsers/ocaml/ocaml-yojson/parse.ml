(* Yojson.Safe.from_string (defaults) on all of stdin, in the program's own `try ... with e`, which in
   native OCaml on Linux catches Stack_overflow too (exit 1 with one stderr line, through Protocol.fail);
   a fatal signal happens as it would. With a phase the value is kept; serialize is Yojson.Safe.to_string.
   Input, phases and exits: ../protocol.ml (the module Protocol). *)
let () =
  let data = Protocol.input () in
  (try
     if not (Protocol.phased ()) then ignore (Yojson.Safe.from_string data : Yojson.Safe.t)
     else begin
       let value = Yojson.Safe.from_string data in
       Protocol.parsed ();
       if Protocol.serializing () then ignore (Yojson.Safe.to_string value : string);
       Protocol.serialized ()
     end
   with e ->
     let msg = match e with Yojson.Json_error m -> m | e -> Printexc.to_string e in
     Protocol.fail (Printexc.exn_slot_name e) msg);
  Protocol.finished ()
