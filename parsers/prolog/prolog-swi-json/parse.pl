% nestprobe parser program: json_read_dict/2 (SWI-Prolog library(http/json), default options) on all of
% stdin, in the program's own catch/3 (syntax_error(json(...)), resource_error(...), ...) -> np_error: one
% stderr line, exit 1. Input and halts: ../protocol.pl.
:- prolog_load_context(directory, Dir), ( read_link(Dir, _, Real) -> true ; Real = Dir ),
   atom_concat(Real, '/../protocol.pl', File), consult(File).
:- use_module(library(http/json)).
:- use_module(library(readutil)).
:- initialization(main, main).

main :-
    np_input(Codes),
    catch(( open_codes_stream(Codes, In),
            json_read_dict(In, _),
            % json_read_dict reads one value; anything but layout after it is an error, as in other parsers.
            read_pending_codes(In, Rest, []), close(In),
            ( forall(member(C, Rest), code_type(C, space)) -> true ; throw(error(syntax_error(trailing_data), _)) )
          ),
          E,
          np_error(E)),
    np_finished.
