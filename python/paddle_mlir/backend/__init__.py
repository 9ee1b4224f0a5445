"""Code generation backends: the CPU JIT (`cpu`) and ahead-of-time
libraries (`aot`)."""
