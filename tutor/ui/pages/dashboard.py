from tutor.ui.dashboard import render

render()
