{ The nestprobe protocol for the Free Pascal programs (parsers/README.md, "The protocol helper"): the phase
  argument, stdin, the error line and exit statuses. A program uses the unit (`uses protocol`) and its build
  passes -Fu.. (in Debian 13's root the language folder's files are copied beside the program's folder, so
  ../protocol.pas is there too). The Pascal programs take no phase. The program calls its library from its
  own main block, inside its own try/except, so that nothing of the helper sits under the parse. }
unit protocol;

{$mode objfpc}{$H+}

interface

uses
  SysUtils;

{ Reads the phase argument (the Pascal programs take none: any argument is one stderr line and exit 2,
  before stdin is read), then all of stdin. }
function Input: string;
{ Prints "<kind>: <message>" on one line of stderr (newlines folded, the message cut at 200 characters) and
  exits 1: the library's clean error. }
procedure Fail(const Kind, Message: string);
{ A caught exception: "<class>: <message>", exit 1. }
procedure Error(E: Exception);
{ The program's end without a phase: exit 0. }
procedure Finished;

implementation

uses
  Classes;

var
  Buffer: array[0..65535] of Byte;

function Input: string;
var
  Text: TStringStream;
  InStream: THandleStream;
  N: LongInt;
begin
  if ParamCount > 0 then
  begin
    WriteLn(StdErr, 'unknown phase: ', ParamStr(ParamCount), ' (the program takes none)');
    Halt(2);
  end;
  { Read until EOF: CopyFrom(Stream, 0) would ask a pipe for its size and stop early. }
  Text := TStringStream.Create('');
  InStream := THandleStream.Create(StdInputHandle);
  repeat
    N := InStream.Read(Buffer, SizeOf(Buffer));
    if N > 0 then
      Text.WriteBuffer(Buffer, N);
  until N <= 0;
  Result := Text.DataString;
end;

procedure Fail(const Kind, Message: string);
var
  Msg: string;
begin
  Msg := StringReplace(StringReplace(Message, #10, ' ', [rfReplaceAll]), #13, ' ', [rfReplaceAll]);
  WriteLn(StdErr, Kind, ': ', Copy(Msg, 1, 200));
  Halt(1);
end;

procedure Error(E: Exception);
begin
  Fail(E.ClassName, E.Message);
end;

procedure Finished;
begin
  Halt(0);
end;

end.
