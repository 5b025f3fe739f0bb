%% nestprobe parser program (escript): jiffy:decode/1 (jiffy's NIF, default options) on all of stdin, in
%% the program's own try ... catch Class:Reason (error {N, invalid_json}, ...) -> np_error: one stderr line,
%% exit 1. Run as `escript parse.erl`. Input and halts: ../protocol.hrl.
-module(parse).
-export([main/1]).
-include("../protocol.hrl").

main(Args) ->
    Text = np_input(Args),
    try jiffy:decode(Text) of
        _ -> np_finished()
    catch
        Class:Reason -> np_error(Class, Reason)
    end.
