--  The nestprobe protocol for the Ada programs (parsers/README.md, "The protocol helper"): the phase argument,
--  stdin, the error line and exit statuses. One file holding the package's spec (unit 1) and body (unit 2):
--  a program's project file names it from the language folder (Source_Dirs "..", and Spec/Body "at" 1 and 2
--  in package Naming; in Debian 13's root the language folder's files are copied beside the program's
--  folder, so ../protocol.ada is there too). The Ada programs take no phase. The program calls its library
--  from its own main procedure, inside its own exception handler, so that nothing of the helper sits under
--  the parse.
with Ada.Exceptions;
with Ada.Streams;
with Ada.Strings.Unbounded;

package Protocol is

   --  The buffer stdin is read through. The program declares it in its own main procedure, where it was
   --  before this helper: 64 KiB of that frame sit under the parse, and a stack-bound boundary moves with it.
   subtype Chunk is Ada.Streams.Stream_Element_Array (1 .. 65536);

   --  Reads the phase argument (the Ada programs take none: any argument is one stderr line and exit 2,
   --  before stdin is read), then all of stdin through Buffer.
   function Input (Buffer : in out Chunk) return Ada.Strings.Unbounded.Unbounded_String;

   --  Prints "<kind>: <message>" on one line of stderr (newlines folded, the message cut at 200 characters)
   --  and exits 1: the library's clean error.
   procedure Fail (Kind, Message : String) with No_Return;

   --  A caught exception: "<exception name>: <message>", exit 1.
   procedure Error (E : Ada.Exceptions.Exception_Occurrence) with No_Return;

   --  The program's end without a phase: exit status 0 when the main procedure returns.
   procedure Finished;

end Protocol;

with Ada.Command_Line;
with Ada.Streams.Stream_IO;
with Ada.Text_IO;
with GNAT.OS_Lib;

package body Protocol is

   use Ada.Strings.Unbounded;

   function Input (Buffer : in out Chunk) return Unbounded_String is
      use Ada.Streams;
      Stdin : Stream_IO.File_Type;
      Last  : Stream_Element_Offset;
      Text  : Unbounded_String;
   begin
      if Ada.Command_Line.Argument_Count > 0 then
         Ada.Text_IO.Put_Line
           (Ada.Text_IO.Standard_Error,
            "unknown phase: " & Ada.Command_Line.Argument (Ada.Command_Line.Argument_Count)
            & " (the program takes none)");
         GNAT.OS_Lib.OS_Exit (2);
      end if;
      Stream_IO.Open (Stdin, Stream_IO.In_File, "/dev/stdin");
      loop
         Stream_IO.Read (Stdin, Buffer, Last);
         exit when Last < Buffer'First;
         for I in Buffer'First .. Last loop
            Append (Text, Character'Val (Buffer (I)));
         end loop;
      end loop;
      Stream_IO.Close (Stdin);
      return Text;
   end Input;

   procedure Fail (Kind, Message : String) is
      Msg : String := Message;
   begin
      for C of Msg loop
         if C = ASCII.LF or C = ASCII.CR then
            C := ' ';
         end if;
      end loop;
      Ada.Text_IO.Put_Line
        (Ada.Text_IO.Standard_Error,
         Kind & ": " & Msg (Msg'First .. Integer'Min (Msg'Last, Msg'First + 199)));
      Ada.Text_IO.Flush (Ada.Text_IO.Standard_Error);
      GNAT.OS_Lib.OS_Exit (1);
   end Fail;

   procedure Error (E : Ada.Exceptions.Exception_Occurrence) is
   begin
      Fail (Ada.Exceptions.Exception_Name (E), Ada.Exceptions.Exception_Message (E));
   end Error;

   procedure Finished is
   begin
      Ada.Command_Line.Set_Exit_Status (0);
   end Finished;

end Protocol;
