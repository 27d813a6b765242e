// Nothing but a comment: GLSL needs at least one declaration.
