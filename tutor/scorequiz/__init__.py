"""The score quiz: questions built from finished deals played through the engine, the steps of
the calculation, and a catalogue of known scoring mistakes (no Streamlit here)."""
