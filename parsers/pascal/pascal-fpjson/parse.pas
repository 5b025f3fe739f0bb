{ nestprobe parser program: reads all of stdin, then GetJSON (Free Pascal's fpjson with the jsonparser unit,
  default options) into a TJSONData tree. try/except on E: Exception catches every exception Free Pascal raises
  (EJSONParser, EStackOverflow via sysutils, EOutOfMemory, ...) -> one line "<class>: <message>" on stderr,
  exit 1. }
program parse;

{$mode objfpc}{$H+}

uses
  SysUtils, Classes, fpjson, jsonparser;

var
  Input: TStringStream;
  InStream: THandleStream;
  Buffer: array[0..65535] of Byte;
  N: LongInt;
  Data: TJSONData;
  Msg: string;
begin
  { Read until EOF: CopyFrom(Stream, 0) would ask a pipe for its size and stop early. }
  Input := TStringStream.Create('');
  InStream := THandleStream.Create(StdInputHandle);
  repeat
    N := InStream.Read(Buffer, SizeOf(Buffer));
    if N > 0 then
      Input.WriteBuffer(Buffer, N);
  until N <= 0;
  try
    Data := GetJSON(Input.DataString);
    Data.Free;
  except
    on E: Exception do
    begin
      Msg := StringReplace(StringReplace(E.Message, #10, ' ', [rfReplaceAll]), #13, ' ', [rfReplaceAll]);
      WriteLn(StdErr, E.ClassName, ': ', Copy(Msg, 1, 200));
      Halt(1);
    end;
  end;
  Halt(0);
end.
