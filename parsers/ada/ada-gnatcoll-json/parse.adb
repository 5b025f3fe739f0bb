--  nestprobe parser program: reads all of stdin, then GNATCOLL.JSON.Read (default arguments) into a JSON_Value.
--  "when E : others" catches every Ada exception (GNATCOLL.JSON.Invalid_JSON_Stream, Storage_Error from a
--  stack overflow, ...) -> one line "<exception name>: <message>" on stderr, exit 1.
with Ada.Command_Line;
with Ada.Exceptions;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
with Ada.Text_IO;
with Ada.Streams.Stream_IO;
with GNATCOLL.JSON;

procedure Parse is
   use Ada.Streams;
   Input  : Stream_IO.File_Type;
   Buffer : Stream_Element_Array (1 .. 65536);
   Last   : Stream_Element_Offset;
   Text   : Unbounded_String;
   Value  : GNATCOLL.JSON.JSON_Value;
begin
   Stream_IO.Open (Input, Stream_IO.In_File, "/dev/stdin");
   loop
      Stream_IO.Read (Input, Buffer, Last);
      exit when Last < Buffer'First;
      for I in Buffer'First .. Last loop
         Append (Text, Character'Val (Buffer (I)));
      end loop;
   end loop;
   Stream_IO.Close (Input);
   begin
      Value := GNATCOLL.JSON.Read (Text);
   exception
      when E : others =>
         declare
            Msg : String := Ada.Exceptions.Exception_Message (E);
         begin
            for C of Msg loop
               if C = ASCII.LF or C = ASCII.CR then
                  C := ' ';
               end if;
            end loop;
            Ada.Text_IO.Put_Line
              (Ada.Text_IO.Standard_Error,
               Ada.Exceptions.Exception_Name (E) & ": "
               & Msg (Msg'First .. Integer'Min (Msg'Last, Msg'First + 199)));
            Ada.Command_Line.Set_Exit_Status (1);
            return;
         end;
   end;
   Ada.Command_Line.Set_Exit_Status (0);
end Parse;
