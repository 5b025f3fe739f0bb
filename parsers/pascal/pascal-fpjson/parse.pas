{ nestprobe parser program: GetJSON (Free Pascal's fpjson with the jsonparser unit, default options) on stdin
  into a TJSONData tree, freed again, from the main block: try/except on E: Exception catches every exception
  Free Pascal raises (EJSONParser, EStackOverflow via sysutils, EOutOfMemory, ...), exit 1. The protocol
  (input, error line, exit statuses) is ../protocol.pas's. }
program parse;

{$mode objfpc}{$H+}

uses
  SysUtils, fpjson, jsonparser, protocol;

var
  Text: string;
  Data: TJSONData;
begin
  Text := protocol.Input;
  try
    Data := GetJSON(Text);
    Data.Free;
  except
    on E: Exception do
      protocol.Error(E);
  end;
  protocol.Finished;
end.
