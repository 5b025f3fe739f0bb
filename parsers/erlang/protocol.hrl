%% The protocol helper of the Erlang rows (parsers/README.md, "The protocol helper"): input, the error
%% line, the phases' checkpoints and the exit statuses. A program (an escript) includes it from its own
%% folder's parent, -include("../protocol.hrl"), and calls its library itself, in its own try ... catch,
%% at the depth it always had; these functions run before the parse (input) or after it (the halts).
%% The phase argument, once checked, is kept in the process dictionary (np_phase; undefined without one).
-compile(nowarn_unused_function).  % a program uses the checkpoints its row's phases need

%% Checks the phase argument (the last of Args; unknown: one stderr line, exit 2), then reads all of stdin
%% as a binary.
np_input(Args) ->
    case Args of
        [] -> ok;
        _ ->
            Given = lists:last(Args),
            case lists:member(Given, ["parse", "free", "serialize"]) of
                true -> put(np_phase, Given);
                false ->
                    io:format(standard_error, "unknown phase: ~s (parse, free or serialize)~n", [Given]),
                    halt(2)
            end
    end,
    ok = io:setopts(standard_io, [binary]),
    np_read_all([]).

np_read_all(Acc) ->
    case io:get_chars(standard_io, "", 65536) of
        eof -> iolist_to_binary(lists:reverse(Acc));
        {error, _} = E -> erlang:error(E);
        Data -> np_read_all([Data | Acc])
    end.

%% The error line "<kind>: <message>" (the message cut at 200 characters), exit 1.
np_fail(Kind, Msg) ->
    io:format(standard_error, "~s: ~s~n", [Kind, string:slice(Msg, 0, 200)]),
    halt(1).

%% An exception the program's catch caught (Class:Reason), the reason written on one line (~0p).
np_error(Class, Reason) ->
    np_fail(Class, lists:flatten(io_lib:format("~0p", [Reason]))).

%% In phase `parse`: halt(0) at once.
np_parsed() ->
    case get(np_phase) of
        "parse" -> halt(0);
        _ -> ok
    end.

%% The serialize guard: the serializer in phase `serialize`, a no-op otherwise.
np_serializer(F) ->
    case get(np_phase) of
        "serialize" -> F;
        _ -> fun(_) -> ok end
    end.

%% In phase `serialize`: halt(0) at once.
np_serialized() ->
    case get(np_phase) of
        "serialize" -> halt(0);
        _ -> ok
    end.

%% The end: in phase `free`, a collection of this process; with or without a phase, halt(0).
np_finished() ->
    case get(np_phase) of
        "free" -> erlang:garbage_collect();
        _ -> ok
    end,
    halt(0).
