--  nestprobe parser program: GNATCOLL.JSON.Read (default arguments) on stdin into a JSON_Value, from the main
--  procedure: "when E : others" catches every Ada exception (GNATCOLL.JSON.Invalid_JSON_Stream, Storage_Error
--  from a stack overflow, ...), exit 1. The protocol (input, error line, exit statuses) is ../protocol.ada's;
--  the read buffer stays in this procedure's frame, under the parse, as it always was.
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
with GNATCOLL.JSON;
with Protocol;

procedure Parse is
   Buffer : Protocol.Chunk;
   Text   : Unbounded_String;
   Value  : GNATCOLL.JSON.JSON_Value;
begin
   Text := Protocol.Input (Buffer);
   begin
      Value := GNATCOLL.JSON.Read (Text);
   exception
      when E : others =>
         Protocol.Error (E);
   end;
   Protocol.Finished;
end Parse;
