from tutor.ui.practice import render

render()
