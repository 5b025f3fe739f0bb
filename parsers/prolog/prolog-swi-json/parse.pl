% nestprobe parser program: reads all of stdin, then json_read_dict/2 (SWI-Prolog library(http/json), default
% options) on the text. catch/3 catches every exception (syntax_error(json(...)), resource_error(...), ...)
% -> one line "<error term functor>: <message>" on stderr, exit 1.
:- use_module(library(http/json)).
:- use_module(library(readutil)).
:- initialization(main, main).

main :-
    set_stream(user_input, encoding(utf8)),
    read_stream_to_codes(user_input, Codes),
    catch(( open_codes_stream(Codes, In),
            json_read_dict(In, _),
            % json_read_dict reads one value; anything but layout after it is an error, as in other parsers.
            read_pending_codes(In, Rest, []), close(In),
            ( forall(member(C, Rest), code_type(C, space)) -> true ; throw(error(syntax_error(trailing_data), _)) )
          ),
          E,
          ( report(E), halt(1) )),
    halt(0).

report(E) :-
    ( E = error(Formal, _) -> true ; Formal = E ),
    ( compound(Formal) -> functor(Formal, Name, _) ; Name = Formal ),
    format(string(Msg0), "~q", [E]),
    split_string(Msg0, " \t\n", " \t\n", Parts0), exclude(==(""), Parts0, Parts),
    atomic_list_concat(Parts, ' ', Msg1),
    atom_length(Msg1, L), Len is min(200, L), sub_atom(Msg1, 0, Len, _, Msg),
    format(user_error, "~w: ~w~n", [Name, Msg]).
