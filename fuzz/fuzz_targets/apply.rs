#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| gridwright_fuzz::apply(data));
