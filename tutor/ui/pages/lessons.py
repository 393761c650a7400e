from tutor.ui.lessons import render

render()
