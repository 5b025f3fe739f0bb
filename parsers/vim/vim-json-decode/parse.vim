" nestprobe parser program for Vim script: json_decode() (Vim's built-in JSON decoder, default behaviour)
" on all of stdin, in the program's own top-level try; its catch (E474, E491, ...) -> NpError(): one
" stderr line, exit 1 (:cquit 1). Input and exits: ../protocol.vim.
execute 'source' fnameescape(expand('<sfile>:p:h') . '/../protocol.vim')
let s:text = NpInput()
try
  call json_decode(s:text)
catch
  call NpError()
endtry
call NpFinished()
