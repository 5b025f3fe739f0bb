% The protocol helper of the Prolog rows (parsers/README.md, "The protocol helper"): input, the error
% line, the phases' checkpoints and the exit statuses. A program loads it from its own folder's parent,
% through the folder's resolved path (on the host the program's folder is a link, and SWI-Prolog folds
% ".." away before following it):
%   :- prolog_load_context(directory, Dir), ( read_link(Dir, _, Real) -> true ; Real = Dir ),
%      atom_concat(Real, '/../protocol.pl', File), consult(File).
% and calls its library itself, in its own catch/3, at the depth it always had; these predicates run before
% the parse (input) or after it (the checkpoints and halts). Every one is deterministic: none leaves a
% choice point or a frame on the stacks under the parse.
:- dynamic np_phase/1.   % the phase argument, once checked; none without one

% np_input(-Codes): checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads
% all of stdin as UTF-8 codes.
np_input(Codes) :-
    current_prolog_flag(argv, Argv),
    (   last(Argv, Given)
    ->  (   memberchk(Given, [parse, free, serialize])
        ->  assertz(np_phase(Given))
        ;   format(user_error, "unknown phase: ~w (parse, free or serialize)~n", [Given]),
            halt(2)
        )
    ;   true
    ),
    set_stream(user_input, encoding(utf8)),
    read_stream_to_codes(user_input, Codes).

% np_fail(+Kind, +Message): the error line "<kind>: <message>" (whitespace folded, cut at 200), exit 1.
np_fail(Kind, Message) :-
    split_string(Message, " \t\n", " \t\n", Parts0), exclude(==(""), Parts0, Parts),
    atomic_list_concat(Parts, ' ', Msg1),
    atom_length(Msg1, L), Len is min(200, L), sub_atom(Msg1, 0, Len, _, Msg),
    format(user_error, "~w: ~w~n", [Kind, Msg]),
    halt(1).

% np_error(+E): a caught exception term as the error line: its formal term's functor and the term, ~q.
np_error(E) :-
    ( E = error(Formal, _) -> true ; Formal = E ),
    ( compound(Formal) -> functor(Formal, Name, _) ; Name = Formal ),
    format(string(Msg), "~q", [E]),
    np_fail(Name, Msg).

% In phase `parse`: exit 0 at once.
np_parsed :- ( np_phase(parse) -> halt(0) ; true ).

% The serialize guard: whether the program runs its serializer now (phase `serialize`).
np_serializing :- np_phase(serialize).

% In phase `serialize`: exit 0 at once.
np_serialized :- ( np_phase(serialize) -> halt(0) ; true ).

% The end: in phase `free`, garbage_collect; with or without a phase, halt(0).
np_finished :- ( np_phase(free) -> garbage_collect ; true ), halt(0).
