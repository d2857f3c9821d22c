"""The pieces of ``nn.Cell``: registration, traversal, state_dict, hooks, modes and flags."""
