-- Reads all of stdin as a strict ByteString and decodes it with aeson's eitherDecodeStrict into a Value
-- (forced fully). A Left result or any exception caught via try (SomeException) -> one stderr line, exit 1.
import qualified Data.ByteString as BS
import Control.DeepSeq (force)
import Control.Exception (SomeException (..), evaluate, try)
import Data.Aeson (Value, eitherDecodeStrict)
import Data.Typeable (typeOf)
import System.Exit (exitFailure, exitSuccess)
import System.IO (hPutStrLn, stderr)

failWith :: String -> String -> IO ()
failWith ty msg = do
  hPutStrLn stderr (take 200 (ty ++ ": " ++ unwords (lines msg)))
  exitFailure

main :: IO ()
main = do
  input <- BS.getContents
  r <- try (evaluate (force (eitherDecodeStrict input :: Either String Value)))
  case r of
    Left (SomeException e) -> failWith (show (typeOf e)) (show e)
    Right (Left err) -> failWith "AesonError" err
    Right (Right _) -> exitSuccess
