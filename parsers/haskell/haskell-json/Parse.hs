-- The json package's Text.JSON.decode into a JSValue (forced fully by a walk over the tree: json has no
-- NFData instance) on all of stdin; an Error result or any exception its own `try` (SomeException) catches
-- -> one stderr line, exit 1 (Protocol.failWith / exception). Input and exits: ../Protocol.hs.
import Control.Exception (evaluate, try)
import qualified Protocol
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

main :: IO ()
main = do
  input <- Protocol.inputString
  r <- try (evaluate (length input) >> evaluate (decode input :: Result JSValue) >>= forceResult)
  case r of
    Left e -> Protocol.exception e
    Right (Error err) -> Protocol.failWith "Text.JSON.Error" err
    Right (Ok _) -> Protocol.finished
  where
    forceResult res = case res of
      Ok v -> evaluate (walk v) >> return res
      Error _ -> return res
