//! Piquet Regimental (seed `004_95d5d795d2285ff3.txt`). So far its dice
//! method and initiative casts, with exact distributions; the decks, orders,
//! assaults and rallies are to come.

pub mod dice;
