-- aeson's eitherDecodeStrict into a Value (forced fully) on all of stdin; a Left result or any exception
-- its own `try` (SomeException) catches -> one stderr line, exit 1 (Protocol.failWith / exception). With
-- a phase the value is kept; serialize is aeson's encode, forced. Input, phases and exits: ../Protocol.hs.
import qualified Data.ByteString.Lazy as BL
import Control.DeepSeq (force)
import Control.Exception (evaluate, try)
import Control.Monad (when)
import Data.Aeson (Value, eitherDecodeStrict, encode)
import qualified Protocol

main :: IO ()
main = do
  input <- Protocol.input
  r <- try (evaluate (force (eitherDecodeStrict input :: Either String Value)))
  case r of
    Left e -> Protocol.exception e
    Right (Left err) -> Protocol.failWith "AesonError" err
    Right (Right value) -> do
      Protocol.parsed
      serialize <- Protocol.serializing
      when serialize $ do
        s <- try (evaluate (BL.length (encode value)))
        either Protocol.exception (const (return ())) s
      Protocol.serialized
      Protocol.finished
