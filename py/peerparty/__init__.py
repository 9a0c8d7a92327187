"""PeerParty: a party-game hub whose host tab runs the rules and whose phones are thin clients."""
