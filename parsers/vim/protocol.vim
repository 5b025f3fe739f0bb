" The protocol helper of the Vim script rows (parsers/README.md, "The protocol helper"): input, the error
" line, the phases' checkpoints and the exit statuses. A program sources it from its own folder's parent,
"   execute 'source' fnameescape(expand('<sfile>:p:h') . '/../protocol.vim')
" and calls its library itself, in its own top-level try, at the C stack depth it always had; these
" functions run before the parse (input) or after it (the checkpoints and exits).

" The phase argument, once checked; empty without one.
let g:np_phase = ''

" Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin.
function! NpInput() abort
  if argc() > 0
    let l:given = argv(argc() - 1)
    if index(['parse', 'free', 'serialize'], l:given) < 0
      call writefile(['unknown phase: ' . l:given . ' (parse, free or serialize)'], '/dev/stderr', 'a')
      cquit 2
    endif
    let g:np_phase = l:given
  endif
  return join(readfile('/dev/stdin', 'b'), "\n")
endfunction

" The error line "<kind>: <message>" (whitespace folded, cut at 200 characters), exit 1.
function! NpFail(kind, msg) abort
  let l:line = strpart(substitute(a:msg, '\_s\+', ' ', 'g'), 0, 200)
  call writefile([a:kind . ': ' . l:line], '/dev/stderr', 'a')
  cquit 1
endfunction

" The error a catch caught (v:exception) as the error line, its E-number as the kind.
function! NpError() abort
  let l:code = matchstr(v:exception, 'E\d\+')
  call NpFail(empty(l:code) ? 'VimError' : l:code, v:exception)
endfunction

" In phase `parse`: exit 0 at once.
function! NpParsed() abort
  if g:np_phase ==# 'parse'
    qall!
  endif
endfunction

" The serialize guard: the serializer's Funcref in phase `serialize`, a no-op otherwise.
function! NpSerializer(serializer) abort
  return g:np_phase ==# 'serialize' ? a:serializer : {... -> 0}
endfunction

" In phase `serialize`: exit 0 at once.
function! NpSerialized() abort
  if g:np_phase ==# 'serialize'
    qall!
  endif
endfunction

" The end, with or without a phase (Vim frees by reference counting; `free`: garbagecollect()): exit 0.
function! NpFinished() abort
  if g:np_phase ==# 'free'
    call garbagecollect()
  endif
  qall!
endfunction
