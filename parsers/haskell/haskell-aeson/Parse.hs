-- Reads all of stdin as a strict ByteString and decodes it with aeson's eitherDecodeStrict into a Value
-- (forced fully). A Left result or any exception caught via try (SomeException) -> one stderr line, exit 1.
-- Optional last argument, the phase (parsers/README.md, "Phases"): `parse` exits at once (GHC frees
-- nothing object by object at exit); `free` drops the value and runs performGC (a copying collector:
-- nothing is walked recursively), then exits; `serialize` writes it back with aeson's encode, forced
-- (an exception is exit 1), then exits. Without it: as before. An unknown phase: exit 2.
import qualified Data.ByteString as BS
import qualified Data.ByteString.Lazy as BL
import Control.DeepSeq (force)
import Control.Exception (SomeException (..), evaluate, try)
import Data.Aeson (Value, eitherDecodeStrict, encode)
import Data.Typeable (typeOf)
import System.Environment (getArgs)
import System.Exit (ExitCode (..), exitFailure, exitSuccess, exitWith)
import System.Mem (performGC)
import System.IO (hPutStrLn, stderr)

failWith :: String -> String -> IO ()
failWith ty msg = do
  hPutStrLn stderr (take 200 (ty ++ ": " ++ unwords (lines msg)))
  exitFailure

main :: IO ()
main = do
  args <- getArgs
  let phase = if null args then Nothing else Just (last args)
  case phase of
    Just p | p `notElem` ["parse", "free", "serialize"] -> do
      hPutStrLn stderr ("unknown phase: " ++ p ++ " (parse, free or serialize)")
      exitWith (ExitFailure 2)
    _ -> return ()
  input <- BS.getContents
  r <- try (evaluate (force (eitherDecodeStrict input :: Either String Value)))
  case r of
    Left (SomeException e) -> failWith (show (typeOf e)) (show e)
    Right (Left err) -> failWith "AesonError" err
    Right (Right value) -> afterParse phase value

-- What the phase does with the parsed value.
afterParse :: Maybe String -> Value -> IO ()
afterParse (Just "free") _ = performGC >> exitSuccess
afterParse (Just "serialize") value = do
  r <- try (evaluate (BL.length (encode value)))
  case r of
    Left (SomeException e) -> failWith (show (typeOf e)) (show e)
    Right _ -> exitSuccess
afterParse _ _ = exitSuccess
