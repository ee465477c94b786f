//! Dice: faces as multisets of symbols, and exact outcome distributions. (Being written.)
