%% nestprobe parser program (escript): reads all of stdin, then jiffy:decode/1 (jiffy's NIF, default
%% options). try ... catch Class:Reason catches every exception (error {N, invalid_json}, ...) -> one line
%% "<class>: <reason>" on stderr, exit 1. Run as `escript parse.erl`.
-module(parse).
-export([main/1]).

read_all(Acc) ->
    case io:get_chars(standard_io, "", 65536) of
        eof -> iolist_to_binary(lists:reverse(Acc));
        {error, _} = E -> erlang:error(E);
        Data -> read_all([Data | Acc])
    end.

main(_) ->
    ok = io:setopts(standard_io, [binary]),
    Text = read_all([]),
    try jiffy:decode(Text) of
        _ -> halt(0)
    catch
        Class:Reason ->
            Msg = lists:flatten(io_lib:format("~0p", [Reason])),
            io:format(standard_error, "~s: ~s~n", [Class, string:slice(Msg, 0, 200)]),
            halt(1)
    end.
