-- Reads all of stdin and decodes it with the json package's Text.JSON.decode into a JSValue (forced fully by a
-- walk over the tree: json has no NFData instance). An Error result or any exception caught via try
-- (SomeException) -> one stderr line, exit 1.
import Control.Exception (SomeException (..), evaluate, try)
import Data.Typeable (typeOf)
import System.Exit (exitFailure, exitSuccess)
import System.IO (hPutStrLn, stderr)
import Text.JSON (JSObject, JSValue (..), Result (..), decode, fromJSObject, fromJSString)

-- Forces every node, so that lazy parts of the result cannot hide a failure.
walk :: JSValue -> Int
walk v = case v of
  JSArray xs -> foldr (\x acc -> walk x `seq` acc + 1) 0 xs
  JSObject o -> walkObject o
  JSString s -> length (fromJSString s)
  JSRational _ r -> r `seq` 1
  JSBool b -> b `seq` 1
  JSNull -> 1

walkObject :: JSObject JSValue -> Int
walkObject o = foldr (\(k, x) acc -> length k `seq` walk x `seq` acc + 1) 0 (fromJSObject o)

failWith :: String -> String -> IO ()
failWith ty msg = do
  hPutStrLn stderr (take 200 (ty ++ ": " ++ unwords (words msg)))
  exitFailure

main :: IO ()
main = do
  input <- getContents
  r <- try (evaluate (length input) >> evaluate (decode input :: Result JSValue) >>= forceResult)
  case r of
    Left (SomeException e) -> failWith (show (typeOf e)) (show e)
    Right (Error err) -> failWith "Text.JSON.Error" err
    Right (Ok _) -> exitSuccess
  where
    forceResult res = case res of
      Ok v -> evaluate (walk v) >> return res
      Error _ -> return res
