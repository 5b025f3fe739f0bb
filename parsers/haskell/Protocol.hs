-- The protocol helper of the Haskell rows (parsers/README.md, "The protocol helper"): input, the error
-- line, the phases' checkpoints and the exit statuses. A program imports it as the module Protocol, found
-- by ghc on its search path (`ghc -i.. …`). The program calls its library itself, in its own main, and
-- catches with its own `try`; these functions run before the parse (input) or after it (the checkpoints
-- and exits).
module Protocol
  ( input
  , inputString
  , phased
  , failWith
  , exception
  , parsed
  , serializing
  , serialized
  , finished
  ) where

import Control.Exception (SomeException (..))
import Control.Monad (when)
import qualified Data.ByteString as BS
import Data.IORef (IORef, newIORef, readIORef, writeIORef)
import Data.Typeable (typeOf)
import System.Environment (getArgs)
import System.Exit (ExitCode (..), exitFailure, exitSuccess, exitWith)
import System.IO (hPutStrLn, stderr)
import System.IO.Unsafe (unsafePerformIO)
import System.Mem (performGC)

-- The phase argument, once checked; Nothing without one.
phaseRef :: IORef (Maybe String)
phaseRef = unsafePerformIO (newIORef Nothing)
{-# NOINLINE phaseRef #-}

-- Checks the phase argument (the last one; unknown: one stderr line, exit 2).
checkPhase :: IO ()
checkPhase = do
  args <- getArgs
  case args of
    [] -> return ()
    _ -> do
      let p = last args
      when (p `notElem` ["parse", "free", "serialize"]) $ do
        hPutStrLn stderr ("unknown phase: " ++ p ++ " (parse, free or serialize)")
        exitWith (ExitFailure 2)
      writeIORef phaseRef (Just p)

-- The phase checked, then all of stdin as a strict ByteString.
input :: IO BS.ByteString
input = checkPhase >> BS.getContents

-- The phase checked, then stdin as a (lazy) String, decoded by the handle's encoding.
inputString :: IO String
inputString = checkPhase >> getContents

-- Whether a phase was given.
phased :: IO Bool
phased = (/= Nothing) <$> readIORef phaseRef

-- The error line "<kind>: <message>" (whitespace folded, cut at 200 characters), exit 1.
failWith :: String -> String -> IO ()
failWith kind msg = do
  hPutStrLn stderr (take 200 (kind ++ ": " ++ unwords (words msg)))
  exitFailure

-- An exception the program's own `try` caught, as the error line, exit 1.
exception :: SomeException -> IO ()
exception (SomeException e) = failWith (show (typeOf e)) (show e)

-- In phase `parse`: exit at once (GHC frees nothing object by object at exit).
parsed :: IO ()
parsed = do
  p <- readIORef phaseRef
  when (p == Just "parse") exitSuccess

-- The serialize guard: whether the program runs its serializer now (phase `serialize`).
serializing :: IO Bool
serializing = (== Just "serialize") <$> readIORef phaseRef

-- In phase `serialize`: exit at once.
serialized :: IO ()
serialized = do
  p <- readIORef phaseRef
  when (p == Just "serialize") exitSuccess

-- In phase `free` (the value dropped): performGC (a copying collector: nothing walked recursively), then
-- exit. Without a phase: exitSuccess, as the programs always ended.
finished :: IO ()
finished = do
  p <- readIORef phaseRef
  when (p == Just "free") performGC
  exitSuccess
