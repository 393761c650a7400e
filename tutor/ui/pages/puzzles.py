from tutor.ui.puzzles import render

render()
