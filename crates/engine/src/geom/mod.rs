//! Grid geometry. (Being written.)
