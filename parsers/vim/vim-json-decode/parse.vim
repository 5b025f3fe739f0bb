" nestprobe parser program for Vim script: reads all of stdin (readfile on /dev/stdin), then json_decode()
" (Vim's built-in JSON decoder, default behaviour). try/catch catches every Vim error (E474, E491, ...)
" -> one line "<error code>: <message>" on stderr, exit 1 (:cquit 1); exit 0 (:qall!) when it parsed.
let s:text = join(readfile('/dev/stdin', 'b'), "\n")
try
  call json_decode(s:text)
catch
  let s:code = matchstr(v:exception, 'E\d\+')
  let s:msg = strpart(substitute(v:exception, '\_s\+', ' ', 'g'), 0, 200)
  call writefile([(empty(s:code) ? 'VimError' : s:code) . ': ' . s:msg], '/dev/stderr', 'a')
  cquit 1
endtry
qall!
